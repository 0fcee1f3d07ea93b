import base from "@maumau/eslint-config";

export default [
  ...base,
  // Every front end bundles this package: it takes the engine's types, never its code.
  {
    files: ["src/**/*.ts"],
    ignores: ["src/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@maumau/engine",
              allowTypeImports: true,
              message: "Import only types from the engine: the clients must not bundle it.",
            },
          ],
        },
      ],
    },
  },
];
