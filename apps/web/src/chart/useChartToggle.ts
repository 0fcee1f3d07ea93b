import { useState } from "react";

const CHART_KEY = "maumau.chart";

/** Whether the person wants the state chart beside the game (remembered in this browser). */
export function useChartToggle(): [shown: boolean, toggle: () => void] {
  const [shown, setShown] = useState(() => localStorage.getItem(CHART_KEY) === "on");
  const toggle = () => {
    localStorage.setItem(CHART_KEY, shown ? "off" : "on");
    setShown(!shown);
  };
  return [shown, toggle];
}
