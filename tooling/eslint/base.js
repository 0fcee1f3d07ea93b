import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Shared flat config: recommended JS + TypeScript rules, no `any`, no floating ignores. */
export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "**/.turbo/**", "**/coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain JavaScript here is run by Node (launchers, configs): TypeScript does not type it.
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-console": "off",
      // Shuffles and bots take their randomness from a seed or an injected source (issue #12).
      "no-restricted-properties": [
        "error",
        {
          object: "Math",
          property: "random",
          message: "Use a seeded generator (createRng) or an injected source of randomness.",
        },
      ],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "**/*.bench.ts"],
    rules: { "no-restricted-properties": "off" },
  },
);
