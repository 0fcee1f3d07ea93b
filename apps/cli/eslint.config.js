import base from "@maumau/eslint-config";
import { familiesOnlyInTheirModules } from "@maumau/eslint-config/families";

export default [
  ...base,
  familiesOnlyInTheirModules(),
  // The CLI is a client: it takes the server's types, never its code (tests may start one).
  {
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@maumau/server",
              allowTypeImports: true,
              message: "Import only types from the server; its code runs on the server.",
            },
          ],
          patterns: [
            {
              group: ["@maumau/server/*"],
              message: "Server internals are for tests only.",
            },
          ],
        },
      ],
    },
  },
];
