import type { VariantSummary } from "@maumau/client";
import { useEffect, useState } from "react";

/** The server's variants (`GET /api/variants`), fetched once per page. */
let pending: Promise<readonly VariantSummary[]> | null = null;
let loaded: readonly VariantSummary[] | null = null;

export function loadVariants(): Promise<readonly VariantSummary[]> {
  pending ??= fetch("/api/variants", { headers: { accept: "application/json" } })
    .then((res) => {
      if (!res.ok) throw new Error(`GET /api/variants: ${res.status}`);
      return res.json() as Promise<VariantSummary[]>;
    })
    .then((list) => (loaded = list))
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

export type VariantsState =
  | { readonly status: "loading" }
  | { readonly status: "failed" }
  | { readonly status: "ready"; readonly variants: readonly VariantSummary[] };

export function useVariants(initial?: readonly VariantSummary[]): VariantsState {
  const [state, setState] = useState<VariantsState>(() => {
    const list = initial ?? loaded;
    return list ? { status: "ready", variants: list } : { status: "loading" };
  });
  useEffect(() => {
    if (state.status === "ready") return;
    let live = true;
    loadVariants().then(
      (variants) => live && setState({ status: "ready", variants }),
      () => live && setState({ status: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [state.status]);
  return state;
}
