/**
 * The game families' names (`FamilyName` in @maumau/engine). A front end names a family only
 * in its family modules (`src/families/`), where it registers that family's parts; everywhere
 * else it reaches them through the registration (issue #21.3).
 */
const NAMES = ["classic", "heul-doch"];

const pattern = `/^(${NAMES.join("|")})$/`;
const message =
  "A game family is named only in its family modules, where it registers its parts; use the registration here.";

/**
 * A flat-config entry: a string, template or JSX text equal to a family's name fails lint in
 * `src/` outside the family modules (a front end's `src/families/`; the engine's family folders)
 * and tests, which may name the families they play.
 */
export function familiesOnlyInTheirModules(modules = ["src/families/**"]) {
  return {
    files: ["src/**/*.{ts,tsx}"],
    ignores: [...modules, "src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: `Literal[value=${pattern}]`, message },
        { selector: `TemplateElement[value.raw=${pattern}]`, message },
      ],
    },
  };
}
