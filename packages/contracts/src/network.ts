/** IPv4 and IPv6 addresses and CIDR networks, for the space's IP allow-list. Pure, so the web can check input too. */

function parseIPv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

function parseIPv6(text: string): bigint | null {
  if (text.includes(".")) {
    // IPv4-mapped tail such as ::ffff:10.0.0.1
    const lastColon = text.lastIndexOf(":");
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    const head = parseIPv6(`${text.slice(0, lastColon + 1)}0:0`);
    return head === null ? null : (head & ~0xffffffffn) | v4;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    value = (value << 16n) | BigInt(Number.parseInt(group, 16));
  }
  return value;
}

interface Network {
  version: 4 | 6;
  base: bigint;
  prefix: number;
}

export function parseNetwork(text: string): Network | null {
  const [address, prefixText, extra] = text.trim().split("/");
  if (extra !== undefined || !address) return null;
  const v4 = parseIPv4(address);
  const version = v4 !== null ? 4 : 6;
  const value = v4 ?? parseIPv6(address);
  if (value === null) return null;
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
  return { version, base: value & mask, prefix };
}

export function isValidNetwork(text: string): boolean {
  return parseNetwork(text) !== null;
}

/** True when the address (IPv4, IPv6 or IPv4-mapped IPv6) lies in one of the networks. */
export function addressAllowed(address: string, networks: readonly string[]): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = parseNetwork(mapped ? mapped[1] : address);
  if (!ip) return false;
  return networks.some((text) => {
    const net = parseNetwork(text);
    if (!net || net.version !== ip.version) return false;
    const bits = net.version === 4 ? 32 : 128;
    const mask = net.prefix === 0 ? 0n : ((1n << BigInt(net.prefix)) - 1n) << BigInt(bits - net.prefix);
    return (ip.base & mask) === net.base;
  });
}
