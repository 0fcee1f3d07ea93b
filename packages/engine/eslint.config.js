import base from "@maumau/eslint-config";
import { familiesOnlyInTheirModules } from "@maumau/eslint-config/families";

export default [
  ...base,
  // A family is named in its own folder and in the list of families (families.ts); the test
  // harness (src/testing) runs every family by name.
  familiesOnlyInTheirModules([
    "src/classic/**",
    "src/heul-doch/**",
    "src/families.ts",
    "src/testing/**",
  ]),
];
