import base from "@maumau/eslint-config";
import { familiesOnlyInTheirModules } from "@maumau/eslint-config/families";

export default [
  ...base,
  // The server names no family: it reaches a family's parts through the engine (an erased
  // engine's `family`, tables keyed by `FamilyName` such as `FRAME_LEAKS`). No exceptions.
  familiesOnlyInTheirModules([]),
  // The store contract is a test suite (every store runs it): vitest's matchers are `any`.
  {
    files: ["src/store/contract.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
];
