import base from "@maumau/eslint-config";
import { familiesOnlyInTheirModules } from "@maumau/eslint-config/families";

const typesOnly = (name) => ({
  name,
  allowTypeImports: true,
  message: "The browser takes types only from here: the first page must not bundle it.",
});

export default [
  ...base,
  familiesOnlyInTheirModules(),
  // The page talks to the server through @maumau/client; it never bundles the engine, the
  // variants or the server (tests may use them).
  {
    files: ["src/**/*.{ts,tsx}"],
    // The replay chunk folds logs with the engine; it loads only when a replay opens.
    // So does the house-rules editor, which checks with the custom variant's own schema, and
    // the statechart chunk, which builds the variant's machine to draw it.
    ignores: [
      "src/**/*.test.{ts,tsx}",
      "src/replay/replayLog.ts",
      "src/houseRules/**",
      "src/chart/chartData.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            typesOnly("@maumau/engine"),
            typesOnly("@maumau/registry"),
            typesOnly("@maumau/server"),
            { name: "zod", message: "Validation is the server's job; the page loads no zod." },
          ],
        },
      ],
    },
  },
];
