import { NumberInput, type NumberInputProps } from "@mantine/core";

/** Keys an integer field never takes: the decimal separators (spec §5: integer fields block typing dot and comma). */
export function blocksIntegerKey(key: string): boolean {
  return key === "." || key === "," || key === "Decimal";
}

/** Whether pasted text is an integer (spaces around it allowed); anything else is refused whole (spec §5). */
export function isIntegerPaste(text: string, allowNegative: boolean): boolean {
  return (allowNegative ? /^[+-]?\d+$/ : /^\+?\d+$/).test(text.trim());
}

export type IntegerInputProps = Omit<NumberInputProps, "allowDecimal" | "decimalScale" | "onChange" | "value"> & {
  value: number | "";
  onChange(value: number | ""): void;
};

/** The one input of every integer field: no decimal separator can be typed, a non-integer paste is refused. */
export function IntegerInput({ value, onChange, onKeyDown, onPaste, ...props }: IntegerInputProps) {
  const allowNegative = props.allowNegative ?? (props.min === undefined || props.min < 0);
  return (
    <NumberInput
      {...props}
      allowNegative={allowNegative}
      allowDecimal={false}
      value={value}
      onChange={(next) => onChange(typeof next === "number" ? Math.trunc(next) : next === "" ? "" : Number(next))}
      onKeyDown={(event) => {
        if (blocksIntegerKey(event.key)) event.preventDefault();
        onKeyDown?.(event);
      }}
      onPaste={(event) => {
        if (!isIntegerPaste(event.clipboardData.getData("text"), allowNegative)) event.preventDefault();
        onPaste?.(event);
      }}
    />
  );
}
