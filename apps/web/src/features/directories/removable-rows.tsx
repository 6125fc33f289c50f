import { ActionIcon, Table, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";

interface RemovableRow {
  id: string;
  /** What the row shows. */
  label: string;
  /** What its remove button names (the label by default). */
  name?: string;
}

/** A settings list of rows, each with a remove button when `onRemove` is given; a dimmed line when empty. */
export function RemovableRows(props: {
  testId: string;
  empty: string;
  rows: RemovableRow[];
  removeLabel(name: string): string;
  onRemove?(id: string): void;
}) {
  const { testId, empty, rows, removeLabel, onRemove } = props;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Table verticalSpacing={4} data-testid={testId}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{row.label}</Table.Td>
            <Table.Td w={40}>
              {onRemove ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={removeLabel(row.name ?? row.label)}
                  onClick={() => onRemove(row.id)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
