// Builds Discord's Embedded App SDK (the exact version package-lock.json pins) into one browser file that the
// Activity page loads from our own server: Discord's proxy blocks external scripts, and we ship no CDN links.
// Run: npm ci && npm run build   (then commit the built file, its licence and the new SHA256SUMS line).
import {build} from 'esbuild';
import {createHash} from 'node:crypto';
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';

const sdk = JSON.parse(readFileSync('node_modules/@discord/embedded-app-sdk/package.json', 'utf8'));
const out = `../bot/web/static/discord-sdk-${sdk.version}.js`;
const built = build({
  stdin: {
    contents: "export {DiscordSDK, Events, RPCErrorCodes} from '@discord/embedded-app-sdk';",
    resolveDir: '.',
  },
  bundle: true,
  format: 'iife',
  globalName: 'DiscordEmbeddedAppSdk',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  outfile: out,
  logLevel: 'info',
  metafile: true,
}).then((result) => {
  // Every package the bundle took code from keeps its licence text beside the built file.
  const packages = new Set();
  for (const input of Object.keys(result.metafile.inputs)) {
    const match = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
    if (match) packages.add(match[1]);
  }
  // The SDK's own build already inlines its runtime dependencies (zod, uuid, eventemitter3...): keep theirs too.
  for (const name of Object.keys(sdk.dependencies ?? {})) {
    if (!name.startsWith('@types/') && existsSync(`node_modules/${name}/package.json`)) packages.add(name);
  }
  const parts = [];
  for (const name of [...packages].sort()) {
    const dir = `node_modules/${name}`;
    const meta = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
    const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)/i.test(f));
    const text = file && existsSync(`${dir}/${file}`) ? readFileSync(`${dir}/${file}`, 'utf8').trim() : `License: ${meta.license}`;
    parts.push(`${name} ${meta.version} (${meta.license})\n\n${text}\n`);
  }
  const header = `Third-party code bundled in discord-sdk-${sdk.version}.js, each package with its licence.\n`;
  writeFileSync(`../bot/web/static/discord-sdk-${sdk.version}.LICENSE.txt`, [header, ...parts].join('\n' + '-'.repeat(72) + '\n\n'));
});
await built;
const digest = createHash('sha256').update(readFileSync(out)).digest('hex');
writeFileSync('SHA256SUMS', `${digest}  discord-sdk-${sdk.version}.js\n`);
console.log(digest, out);
