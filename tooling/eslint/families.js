/**
 * The game families' names (`FamilyName` in @maumau/engine). A front end names a family only
 * in its family modules (`src/families/`), where it registers that family's parts; everywhere
 * else it reaches them through the registration (issue #21.3).
 */
const NAMES = ["classic", "heul-doch"];

const pattern = `/^(${NAMES.join("|")})$/`;
const message =
  "A game family is named only in src/families/, where the family registers its parts; use the registration here.";

/**
 * A flat-config entry for a front end: a string, template or JSX text equal to a family's name
 * fails lint outside `src/families/` (tests may name the families they play).
 */
export function familiesOnlyInTheirModules() {
  return {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/families/**", "src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: `Literal[value=${pattern}]`, message },
        { selector: `TemplateElement[value.raw=${pattern}]`, message },
      ],
    },
  };
}
