import * as v from 'valibot';
import { IMPORT_KINDS, IMPORT_MODES, IMPORT_STATUSES } from './import-options';

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const stamp = v.nullable(text(40));
const count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 31 - 1));

/** An import as the service that ran it kept it (its own JSON columns passed as they are). */
const ImportHandedOver = v.object({
  id: count,
  kind: v.picklist(IMPORT_KINDS),
  insurerId: v.nullable(count),
  createdBy: v.nullable(text(100)),
  status: v.picklist(IMPORT_STATUSES),
  fileName: text(255),
  encoding: text(20),
  delimiter: v.nullable(text(2)),
  sheet: v.nullable(text(100)),
  sheets: v.unknown(),
  headers: v.unknown(),
  headerKey: text(64),
  mapping: v.unknown(),
  insurerMap: v.unknown(),
  mode: v.picklist(IMPORT_MODES),
  totalRows: count,
  cellChars: v.union([count, v.pipe(v.string(), v.regex(/^\d{1,15}$/))]),
  counts: v.unknown(),
  applied: v.unknown(),
  processed: count,
  unknownInsurers: v.unknown(),
  undoKept: v.unknown(),
  error: v.nullable(text(2000)),
  createdAt: text(40),
  startedAt: stamp,
  heartbeatAt: stamp,
  finishedAt: stamp,
  undoneAt: stamp,
  rowsPurgedAt: stamp,
});

const RowHandedOver = v.object({
  line: count,
  cells: v.array(v.string()),
  outcome: v.nullable(text(10)),
  errors: v.unknown(),
  reason: v.nullable(v.string()),
  targetId: v.nullable(count),
  record: v.unknown(),
  applied: v.nullable(text(10)),
  previous: v.unknown(),
  appliedAt: stamp,
});

const MappingHandedOver = v.object({
  kind: v.picklist(IMPORT_KINDS),
  headerKey: text(64),
  mapping: v.unknown(),
  insurerMap: v.unknown(),
  mode: v.picklist(IMPORT_MODES),
  updatedAt: text(40),
});

/**
 * POST /internal/{service}/{userId}/imports/handed-over: a kind of import that moves to the service
 * owning its rows arrives there with its history, a call at a time (the import, a chunk of its rows,
 * the broker's remembered mappings). Sending the same part twice changes nothing.
 */
export const ImportHandOverSchema = v.object({
  import: v.nullable(ImportHandedOver),
  rows: v.pipe(v.array(RowHandedOver), v.maxLength(2_000)),
  mappings: v.pipe(v.array(MappingHandedOver), v.maxLength(500)),
});
export type ImportHandOverInput = v.InferOutput<typeof ImportHandOverSchema>;
