/**
 * Set-based integrity of the bulk link tables (docs/architecture.md, "Links without per-row foreign keys").
 *
 * A foreign key costs one index probe through SPI and one row lock per inserted row; linking 50,000 works or
 * 100,000 BIM elements paid most of its time for them. The link tables below carry none on their hot references:
 * their inserts select only existing targets of the same space and version (`insert … select … join`), and the
 * deletes of the targets take their links here, set-based, in the same transaction — statement-level triggers over
 * the deleted rows (`referencing old table`), which also fire when a version, node or space delete cascades to them.
 *
 * Triggers are not part of the drizzle schema, so this is applied after the migrations, under their lock, on every
 * start: each statement replaces what it defines, so running it again changes nothing.
 */
export const LINK_INTEGRITY_SQL = `
create or replace function planum_wbs_items_gone() returns trigger language plpgsql as $$
begin
  delete from wbs_directory_links l using gone g where l.item_id = g.id;
  delete from bim_link_relations r using gone g where r.item_id = g.id;
  return null;
end $$;
create or replace trigger wbs_items_links_gone after delete on wbs_items
  referencing old table as gone for each statement execute function planum_wbs_items_gone();

create or replace function planum_directory_rows_gone() returns trigger language plpgsql as $$
begin
  delete from wbs_directory_links l using gone g where l.row_id = g.id;
  return null;
end $$;
create or replace trigger directory_rows_links_gone after delete on directory_rows
  referencing old table as gone for each statement execute function planum_directory_rows_gone();

create or replace function planum_bim_links_gone() returns trigger language plpgsql as $$
begin
  delete from bim_link_relations r using gone g where r.link_id = g.id;
  return null;
end $$;
create or replace trigger bim_links_relations_gone after delete on bim_links
  referencing old table as gone for each statement execute function planum_bim_links_gone();

-- a model's ties are under links of its project (a link names only models of its project)
create or replace function planum_bim_models_gone() returns trigger language plpgsql as $$
begin
  delete from bim_link_relations r using gone g, bim_links k
    where k.project_id = g.project_id and r.link_id = k.id and r.model_id = g.id;
  return null;
end $$;
create or replace trigger bim_models_relations_gone after delete on bim_models
  referencing old table as gone for each statement execute function planum_bim_models_gone();
`;
