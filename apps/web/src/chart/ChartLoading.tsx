import { useTranslation } from "react-i18next";

/**
 * The chart's place while its code loads: the panel itself (on a narrow screen the sheet, with
 * room for the button that hides it), saying it is on its way, so that the button sits on the
 * sheet from the first moment rather than over the table.
 */
export function ChartLoading() {
  const { t } = useTranslation();
  return (
    <div className="chart-panel chart-pending" aria-busy="true">
      <p className="loading" role="status">
        {t("chart.loading")}
      </p>
    </div>
  );
}
