// Run a Python script inside Pyodide under Node, offline, after installing local wheels with micropip.
//
//   node run_engine.mjs --pyodide DIR --wheels DIR [--wheels DIR ...] --script FILE.py [--with FILE ...]
//                       [--env NAME ...]
//
// DIR for --pyodide is the npm `pyodide` package folder (node_modules/pyodide). Every *.whl in the
// --wheels folders is installed with micropip from the in-memory file system (emfs:), micropip
// itself included (it is part of the Pyodide distribution, not of the npm package). The script and
// the --with files are copied into /work, which is the current folder and on sys.path. Each --env
// variable set in Node's environment is set in Python's os.environ before the script starts. Network
// access is disabled: any fetch fails, so nothing can come from a package index. The script's
// output goes to stdout; a Python exception exits with status 1.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

function parseArgs(argv) {
  const args = { wheels: [], with: [], env: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    if (Array.isArray(args[key])) args[key].push(argv[i + 1]);
    else args[key] = argv[i + 1];
  }
  for (const required of ["pyodide", "script"]) {
    if (!args[required]) throw new Error(`missing --${required}`);
  }
  return args;
}

const args = parseArgs(process.argv.slice(2));
globalThis.fetch = async (url) => {
  throw new Error(`network access is disabled in this test (fetch ${url})`);
};

const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(args.pyodide), "pyodide.mjs")).href);
const quiet = () => {};
const pyodide = await loadPyodide({ stdout: (s) => process.stdout.write(s + "\n"), stderr: (s) => process.stderr.write(s + "\n") });

const wheels = [];
for (const dir of args.wheels) {
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".whl")).sort()) {
    wheels.push({ name, file: path.resolve(dir, name) });
  }
}
const micropip = wheels.find((w) => w.name.startsWith("micropip-"));
if (!micropip) throw new Error("no micropip wheel among the --wheels folders");
await pyodide.loadPackage(micropip.file, { messageCallback: quiet, errorCallback: quiet });

pyodide.FS.mkdirTree("/wheels");
const urls = [];
for (const w of wheels.filter((w) => w !== micropip)) {
  pyodide.FS.writeFile(`/wheels/${w.name}`, readFileSync(w.file));
  urls.push(`emfs:/wheels/${w.name}`);
}
pyodide.FS.mkdirTree("/work");
for (const file of [args.script, ...args.with]) {
  pyodide.FS.writeFile(`/work/${path.basename(file)}`, readFileSync(file));
}
pyodide.globals.set("_wheel_urls", pyodide.toPy(urls));
pyodide.globals.set("_script", `/work/${path.basename(args.script)}`);
const passed = Object.fromEntries(args.env.filter((name) => name in process.env).map((name) => [name, process.env[name]]));
pyodide.globals.set("_env", pyodide.toPy(passed));
try {
  await pyodide.runPythonAsync(`
import os, sys, runpy
import micropip
# deps=False: every wheel is given here; with deps=True micropip would ask an index (and fail offline).
await micropip.install(_wheel_urls, deps=False)
os.environ.update(_env)
os.chdir("/work")
sys.path.insert(0, "/work")
del _wheel_urls, _env
runpy.run_path(_script, run_name="__main__")
`);
} catch (err) {
  process.stderr.write(String(err.message || err) + "\n");
  process.exit(1);
}
