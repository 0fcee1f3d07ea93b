import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Shared flat config: recommended JS rules and typescript-eslint's type-checked rules (each
 * TypeScript file is linted with the types of its package's tsconfig), no `any`, no floating or
 * misused promises, no needless type assertions, no stale disable comments.
 */
export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/dist-test-*/**",
      "**/node_modules/**",
      "**/.turbo/**",
      "**/coverage/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file gets the nearest tsconfig.json (its package's), which includes its tests.
        projectService: true,
        // Every package lints itself (`eslint .` in its own directory, through turbo).
        tsconfigRootDir: process.cwd(),
      },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    // Plain JavaScript here is run by Node (launchers, configs, workers): no tsconfig includes
    // it and TypeScript does not type it, so the rules that need types are off for it.
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
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
    files: ["**/*.ts", "**/*.tsx"],
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
      // Off: `async` without `await` is how the stores (memory, SQLite) and test doubles give a
      // promise interface synchronous bodies whose throws still arrive as rejections.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "**/*.bench.ts"],
    rules: {
      "no-restricted-properties": "off",
      // vitest types its asymmetric matchers (`expect.any`, `expect.stringMatching`, ...) as
      // `any`, and tests put them inside the objects they compare.
      "@typescript-eslint/no-unsafe-assignment": "off",
    },
  },
);
