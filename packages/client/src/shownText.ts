/**
 * What a name or a chat line may not hold, because it would not show as text: control
 * characters (C0 and C1: a terminal's escape sequences, line breaks, tabs, DEL), the line and
 * paragraph separators, and the bidi embeddings, overrides and isolates that reorder the text
 * around them (a name that reads as another's). The server refuses them in what a client
 * writes; a front end that prints to a terminal also replaces them in what it shows, for text
 * stored before they were refused.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNSHOWN_ALL = new RegExp(UNSHOWN.source, "g");

/**
 * What a name or a line may not hold either, though a terminal would not obey it: characters
 * that show as nothing (a zero-width space, a word joiner, a byte-order mark, a soft hyphen, the
 * Hangul fillers that make a name look blank) and marks stacked four or more on one letter,
 * which spill over the lines around them. The zero-width joiner and non-joiner stay: emoji
 * sequences and Persian need them.
 */
const INVISIBLE = /[\u00ad\u115f\u1160\u180e\u200b\u2060\u3164\uffa0\ufeff]|\p{M}{4}/u;

/**
 * True when a text holds no control character, line separator, bidi override, invisible
 * character or tower of marks.
 */
export const isShowableText = (text: string): boolean =>
  !UNSHOWN.test(text) && !INVISIBLE.test(text);

/** A text with every control character, line separator and bidi override made a space. */
export const showable = (text: string): string => text.replace(UNSHOWN_ALL, " ");
