/** parse-prometheus-text-format ships no types: what the metrics test reads of it. */
declare module 'parse-prometheus-text-format' {
  interface PrometheusSample {
    value?: string;
    labels?: Record<string, string>;
    /** Histograms and summaries. */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
