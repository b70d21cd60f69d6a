ALTER TABLE "import_lines" DROP CONSTRAINT "import_lines_import_id_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "import_outcomes" DROP CONSTRAINT "import_outcomes_import_id_imports_id_fk";
