import type { ReactNode } from "react";

/**
 * A rule id in a line of text: with its brackets when it stands alone ("(N-4.2)"), else bare,
 * as in a list ("(C-1.4, C-3.2)").
 */
const RULE_REF = /(\([A-Z]+-\d+(?:\.\d+)*[a-z]?\)|\b[A-Z]+-\d+(?:\.\d+)*[a-z]?)/;

/**
 * A line of text (the log, a caption, a hint, a label), its rule ids kept whole: "(N-" or
 * "C-" never ends a line (`.rule-ref` does not wrap; no line breaks after an opening bracket
 * or before a closing one anyway).
 */
export function WithRuleRefs(props: { text: string }): ReactNode {
  return props.text.split(RULE_REF).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="rule-ref">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
