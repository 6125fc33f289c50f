-- Set-based integrity of directory rows (docs/architecture.md, "Links without per-row foreign keys"): rows keep no
-- foreign key to their directory or their parent row (one index probe and one row lock per inserted row, a third of
-- a 100,000-row upload on PostgreSQL). Writers lock the directory's row and place rows from the tree read under that
-- lock; deleting a directory, or rows, takes every row under them here, in the same transaction, set-based
-- (statement-level triggers over the deleted rows, which also fire when a node or space delete cascades to them).
create or replace function planum_directories_rows_gone() returns trigger language plpgsql as $$
begin
  delete from directory_rows r using gone g where r.directory_id = g.id;
  return null;
end $$;
--> statement-breakpoint
create or replace trigger directories_rows_gone after delete on directories
  referencing old table as gone for each statement execute function planum_directories_rows_gone();
--> statement-breakpoint
-- Every descendant in one statement; that delete fires this trigger again over rows whose children are already gone,
-- and the empty delete after it stops the recursion (`union`: a cycle, which writers never make, would end too).
create or replace function planum_directory_rows_children_gone() returns trigger language plpgsql as $$
begin
  if not exists (select from gone) then
    return null;
  end if;
  with recursive below as (
    select r.id from directory_rows r join gone g on r.parent_id = g.id
    union
    select r.id from directory_rows r join below b on r.parent_id = b.id)
  delete from directory_rows r using below b where r.id = b.id;
  return null;
end $$;
--> statement-breakpoint
create or replace trigger directory_rows_children_gone after delete on directory_rows
  referencing old table as gone for each statement execute function planum_directory_rows_children_gone();
