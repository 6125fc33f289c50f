-- Set-based integrity of the bulk link tables (docs/architecture.md, "Links without per-row foreign keys"): the
-- link tables carry no per-row foreign keys on their hot references; their inserts select only existing targets of
-- the same space and version, and the deletes of the targets take their links here, set-based, in the same
-- transaction (statement-level triggers over the deleted rows, which also fire when a delete cascades to them).
-- A migration of its own because the drizzle schema cannot hold triggers; once, not on every start (creating a
-- trigger locks its table against writers).
create or replace function planum_wbs_items_gone() returns trigger language plpgsql as $$
begin
  delete from wbs_directory_links l using gone g where l.item_id = g.id;
  delete from bim_link_relations r using gone g where r.item_id = g.id;
  return null;
end $$;
--> statement-breakpoint
create or replace trigger wbs_items_links_gone after delete on wbs_items
  referencing old table as gone for each statement execute function planum_wbs_items_gone();
--> statement-breakpoint
create or replace function planum_directory_rows_gone() returns trigger language plpgsql as $$
begin
  delete from wbs_directory_links l using gone g where l.row_id = g.id;
  return null;
end $$;
--> statement-breakpoint
create or replace trigger directory_rows_links_gone after delete on directory_rows
  referencing old table as gone for each statement execute function planum_directory_rows_gone();
--> statement-breakpoint
create or replace function planum_bim_links_gone() returns trigger language plpgsql as $$
begin
  delete from bim_link_relations r using gone g where r.link_id = g.id;
  return null;
end $$;
--> statement-breakpoint
create or replace trigger bim_links_relations_gone after delete on bim_links
  referencing old table as gone for each statement execute function planum_bim_links_gone();
--> statement-breakpoint
-- a model's ties are under links of its project (a link names only models of its project)
create or replace function planum_bim_models_gone() returns trigger language plpgsql as $$
begin
  delete from bim_link_relations r using gone g, bim_links k
    where k.project_id = g.project_id and r.link_id = k.id and r.model_id = g.id;
  return null;
end $$;
--> statement-breakpoint
create or replace trigger bim_models_relations_gone after delete on bim_models
  referencing old table as gone for each statement execute function planum_bim_models_gone();
