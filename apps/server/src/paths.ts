import { fileURLToPath } from "node:url";

/**
 * `apps/server/`, from this module's URL. The module lies one folder below it both as source
 * (`src/paths.ts`) and bundled (`dist/main.js`, where every module shares the bundle's URL),
 * so every default path is found from here and nowhere else.
 */
const serverRoot = new URL("../", import.meta.url);

/** `apps/web/dist`: the web build the server serves by default. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../web/dist", serverRoot));

/** `<repo>/data/maumau.sqlite`: the embedded store `npm start` uses by default. */
export const DEFAULT_SQLITE_PATH = fileURLToPath(new URL("../../data/maumau.sqlite", serverRoot));
