import base from "@maumau/eslint-config";

export default [
  ...base,
  // The store contract is a test suite (every store runs it): vitest's matchers are `any`.
  {
    files: ["src/store/contract.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
];
