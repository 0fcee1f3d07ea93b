import { formatPrecedenceSuite } from "@maumau/engine/testing";
import { norisTables } from "@maumau/variant-noris/formatTables";
import { tabaluga } from "./index.js";

// Tabaluga plays noris's rules with its own look: the same refusals in the same order.
formatPrecedenceSuite("tabaluga", norisTables(tabaluga).fixture);
