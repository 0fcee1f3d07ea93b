import base from "@maumau/eslint-config";
import { familiesOnlyInTheirModules } from "@maumau/eslint-config/families";

export default [
  ...base,
  // A family is named in its own folder and in the lists of families: the engine's
  // (families.ts) and the test harness's (testing/families.ts).
  familiesOnlyInTheirModules([
    "src/classic/**",
    "src/heul-doch/**",
    "src/families.ts",
    "src/testing/families.ts",
  ]),
];
