-- Posting reads each worker's next lines by the primary key from its last one (decisions/imports.md
-- "Customer order", tried and not kept): the index of the lines not posted only cost the staging.
DROP INDEX "import_lines_pending_idx";