-- A patient's vital sources are kept by the vital signs' catalogue keys: the heart rate's, stored
-- under the API's name `pulse` until now, moves to `heartRate` (the column `pulse` keeps its name).
UPDATE "patients"
SET "sources" = ("sources" - 'pulse') || jsonb_build_object('heartRate', "sources" -> 'pulse')
WHERE "sources" ? 'pulse';
