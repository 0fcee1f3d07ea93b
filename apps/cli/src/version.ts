/** The CLI's version, as `maumau --version` prints it; equal to package.json's (tested). */
export const VERSION = "0.1.0";
