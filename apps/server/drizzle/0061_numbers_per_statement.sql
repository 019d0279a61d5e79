-- A batch of submissions takes its numbers in the statement that stores it (answer-writer.ts): the
-- statement locks each form's counter once, with the upsert that returns its last number, and
-- numbers the rows it stores after it with row_number(). Taking them row by row (an upsert of the
-- counter and a key lookup for each row) was most of the cost of a stored batch. A row that arrives
-- numbered no longer calls the row trigger at all; the statement trigger moves the counter past the
-- numbers stored, as it did for bulk loads. Any other insert (one without a number) still takes its
-- number in the row trigger, which locks the same counter row, so the two never hand out a number twice.
DROP TRIGGER "form_answers_number" ON "form_answers";--> statement-breakpoint
CREATE TRIGGER "form_answers_number" BEFORE INSERT ON "form_answers"
  FOR EACH ROW WHEN (NEW.number IS NULL) EXECUTE FUNCTION "form_answers_take_number"();
