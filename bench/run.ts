import { benchAlerts } from './alerts.bench.ts';
import { benchAnalysis } from './analysis.bench.ts';
import { benchDeviceReading } from './device-reading.bench.ts';
import { benchEvents } from './events.bench.ts';
import { benchExport } from './export.bench.ts';
import { benchIngest } from './ingest.bench.ts';
import { benchList } from './list.bench.ts';
import { benchTimeseries } from './timeseries.bench.ts';
import { benchWards } from './wards.bench.ts';
import { benchWeb } from './web.bench.ts';

/** `npm run bench`: prints figures as ratios against baselines measured in the same run. */
console.log(`Vigil benchmarks — ${new Date().toISOString()} — node ${process.version}`);
const only = process.argv[2];
if (!only || only === 'list') await benchList();
if (!only || only === 'analysis') await benchAnalysis();
if (!only || only === 'ingest') await benchIngest();
if (!only || only === 'events') await benchEvents();
if (!only || only === 'alerts') await benchAlerts();
if (!only || only === 'device') await benchDeviceReading();
if (!only || only === 'timeseries') await benchTimeseries();
if (!only || only === 'web') await benchWeb();
if (!only || only === 'export') await benchExport();
if (!only || only === 'wards') await benchWards();
