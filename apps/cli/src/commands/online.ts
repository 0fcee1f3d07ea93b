import type { Lang } from "@maumau/engine";
import { OnlineError } from "../online/errors.js";

/** Runs an online command: an OnlineError is one line on stderr and exit code 1. */
export async function onlineRun(_lang: Lang, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof OnlineError)) throw error;
    process.stderr.write(`maumau: ${error.message}\n`);
    return 1;
  }
}
