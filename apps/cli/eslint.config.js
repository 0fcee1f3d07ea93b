import base from "@maumau/eslint-config";

export default [
  ...base,
  // The launcher is plain JavaScript run by Node: TypeScript does not supply its globals.
  {
    files: ["bin/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", URL: "readonly", console: "readonly" } },
  },
];
