import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A free port on loopback (PLANUM_TEST_KDC_PORT where the machine allots ports to whoever runs the tests). */
async function freePort(): Promise<number> {
  if (process.env.PLANUM_TEST_KDC_PORT) return Number(process.env.PLANUM_TEST_KDC_PORT);
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/**
 * A real MIT Kerberos realm for tests (Debian's krb5-kdc, krb5-admin-server and krb5-user): its KDC on loopback, its
 * database, configuration, keytab and ticket caches in a temporary folder. The service principal is
 * `HTTP/localhost`, as a browser asks for a site at http://localhost.
 */
export class KerberosTestKdc {
  readonly realm = "PLANUM.TEST";
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "planum-kdc-"));
  /** The keytab of the installation's service principal. */
  readonly keytab = path.join(this.dir, "http.keytab");
  private kdc: ChildProcess | null = null;
  private readonly env: NodeJS.ProcessEnv = {
    ...process.env,
    KRB5_CONFIG: path.join(this.dir, "krb5.conf"),
    KRB5_KDC_PROFILE: path.join(this.dir, "kdc.conf"),
  };

  async start() {
    const port = await freePort();
    const { dir, realm } = this;
    fs.writeFileSync(
      this.env.KRB5_CONFIG as string,
      [
        "[libdefaults]",
        ` default_realm = ${realm}`,
        " dns_lookup_kdc = false",
        " dns_lookup_realm = false",
        " rdns = false",
        " dns_canonicalize_hostname = false",
        " udp_preference_limit = 1",
        "[realms]",
        ` ${realm} = {`,
        `  kdc = 127.0.0.1:${port}`,
        " }",
        "[domain_realm]",
        ` localhost = ${realm}`,
        "",
      ].join("\n"),
    );
    fs.writeFileSync(
      this.env.KRB5_KDC_PROFILE as string,
      [
        "[kdcdefaults]",
        ` kdc_listen = 127.0.0.1:${port}`,
        ` kdc_tcp_listen = 127.0.0.1:${port}`,
        "[realms]",
        ` ${realm} = {`,
        `  database_name = ${path.join(dir, "principal")}`,
        `  key_stash_file = ${path.join(dir, "stash")}`,
        `  acl_file = ${path.join(dir, "kadm5.acl")}`,
        " }",
        "[logging]",
        ` kdc = FILE:${path.join(dir, "kdc.log")}`,
        "",
      ].join("\n"),
    );
    await this.tool("kdb5_util", ["create", "-s", "-r", realm, "-P", "master-password"]);
    await this.admin("addprinc -randkey HTTP/localhost");
    await this.admin(`ktadd -k ${this.keytab} HTTP/localhost`);
    this.kdc = spawn("krb5kdc", ["-n", "-r", realm], { env: this.env, stdio: "ignore" });
    await waitForPort(port);
  }

  /** Adds a person to the realm. */
  async addPrincipal(name: string, password: string) {
    await this.admin(`addprinc -pw ${password} ${name}`);
  }

  /** Signs the person in to the realm with kinit (as at the start of a workday); gives the ticket cache's name. */
  async kinit(name: string, password: string): Promise<string> {
    const cache = `FILE:${path.join(this.dir, `cc-${name}`)}`;
    await new Promise<void>((resolve, reject) => {
      const child = spawn("kinit", [`${name}@${this.realm}`], { env: { ...this.env, KRB5CCNAME: cache } });
      let said = "";
      child.stderr.on("data", (chunk) => {
        said += chunk;
      });
      child.on("error", reject);
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`kinit: ${said}`))));
      child.stdin.end(`${password}\n`);
    });
    return cache;
  }

  /**
   * What a browser of a person signed in to the domain sends for http://localhost: the `Authorization: Negotiate …`
   * header, its SPNEGO token made by GSSAPI from the person's ticket cache. The variables are this process's, which
   * is also the installation's here: they are set for the call and put back.
   */
  async negotiateHeader(cache: string): Promise<string> {
    const kerberos = await kerberosClient();
    const saved = { KRB5_CONFIG: process.env.KRB5_CONFIG, KRB5CCNAME: process.env.KRB5CCNAME };
    process.env.KRB5_CONFIG = this.env.KRB5_CONFIG;
    process.env.KRB5CCNAME = cache;
    try {
      const client = await kerberos.initializeClient("HTTP@localhost", { mechOID: kerberos.GSS_MECH_OID_SPNEGO });
      return `Negotiate ${await client.step("")}`;
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  }

  async stop() {
    this.kdc?.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private admin(query: string) {
    return this.tool("kadmin.local", ["-r", this.realm, "-q", query]);
  }

  private async tool(command: string, args: string[]) {
    try {
      await run(command, args, { env: this.env });
    } catch (error) {
      throw new Error(
        `${command} failed (${error instanceof Error ? error.message : error}): the Kerberos tests need Debian's ` +
          "krb5-kdc, krb5-admin-server and krb5-user (see .ci/run)",
      );
    }
  }
}

interface KerberosClientModule {
  GSS_MECH_OID_SPNEGO: number;
  initializeClient(
    service: string,
    options: { mechOID: number },
  ): Promise<{ step(challenge: string): Promise<string> }>;
}

/** The optional `kerberos` package (a name in a variable: the type check must pass where it is not installed). */
async function kerberosClient(): Promise<KerberosClientModule> {
  const name = "kerberos";
  const loaded = await import(name);
  return (loaded.default ?? loaded) as KerberosClientModule;
}

async function waitForPort(port: number) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the test KDC did not listen on port ${port}`);
}
