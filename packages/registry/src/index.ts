import type { AnyVariant } from "@maumau/engine";
import { bavarian } from "@maumau/variant-bavarian";
import { crazyEights } from "@maumau/variant-crazy-eights";
import { custom } from "@maumau/variant-custom";
import { french } from "@maumau/variant-french";
import { heulDoch } from "@maumau/variant-heul-doch";
import { noris } from "@maumau/variant-noris";
import { switchGame } from "@maumau/variant-switch";
import { tabaluga } from "@maumau/variant-tabaluga";

/** Every variant the platform plays. Adding a variant is one line here. */
export const variants: readonly AnyVariant[] = Object.freeze([
  noris as AnyVariant,
  tabaluga as AnyVariant,
  french as AnyVariant,
  bavarian as AnyVariant,
  custom as AnyVariant,
  heulDoch as AnyVariant,
  crazyEights as AnyVariant,
  switchGame as AnyVariant,
]);

export const variantIds = (): string[] => variants.map((v) => v.id);

export function findVariant(id: string): AnyVariant | undefined {
  return variants.find((v) => v.id === id);
}
