// Command-line options → FleetOptions. Parsing is separate from running so it can be tested; the
// environment is read here once (PROVISOR_SIM_MODELS), never at import.
import { Command, InvalidArgumentError, Option } from 'commander';
import { FACTORY_RESET_EVENTS, REBOOT_EVENTS } from '../device/reboot-behaviour';
import type { RebootBehaviour } from '../device/reboot-behaviour';
import type { RouterQuirks } from '../device/quirks';
import type { FleetOptions } from '../fleet/fleet';

export interface CliConfig {
  fleet: FleetOptions;
  /** Seconds between status lines when stdout is not a terminal. */
  statusEvery: number;
  /** Stop after this many seconds (0 = run until SIGINT). */
  duration: number;
}

function number(what: string, min: number, max = Number.MAX_SAFE_INTEGER, integer = false) {
  return (text: string): number => {
    const n = Number(text);
    if (
      text.trim() === '' ||
      !Number.isFinite(n) ||
      n < min ||
      n > max ||
      (integer && !Number.isInteger(n))
    ) {
      const kind = integer ? 'a whole number' : 'a number';
      throw new InvalidArgumentError(
        `${what} must be ${kind} from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}.`,
      );
    }
    return n;
  };
}

const share = (what: string) => number(`${what} (a share, e.g. 0.1 for 10%)`, 0, 1);

export function buildCommand(): Command {
  return new Command('provisor-sim')
    .description('A fleet of virtual TR-069 routers speaking real CWMP over HTTP to an ACS.')
    .requiredOption('--acs <url>', 'ACS URL (ManagementServer.URL), e.g. http://127.0.0.1:3029/')
    .option('--count <n>', 'number of devices', number('--count', 1, 1_000_000, true), 1)
    .option(
      '--model <name>',
      "'tr181' (built in), a CSV dump path, or part of a CSV file name in --models-dir",
      'tr181',
    )
    .option('--models-dir <dir>', 'folder of GenieACS CSV dumps (default: $PROVISOR_SIM_MODELS)')
    .option('--serial <template>', 'serial template: {i} = device number, {i:06} = zero-padded', 'SIM{i:06}')
    .option('--first-index <n>', 'number of the first device', number('--first-index', 0, 2 ** 31, true), 1)
    .option('--interval <seconds>', 'PeriodicInformInterval', number('--interval', 1, 2 ** 32 - 1, true), 300)
    .option('--username <name>', 'ACS username (ManagementServer.Username)')
    .option('--password <secret>', 'ACS password (ManagementServer.Password)')
    .option('--cr-host <host>', 'connection-request server address', '127.0.0.1')
    .option(
      '--cr-port <port>',
      'connection-request server port (0 = any free port)',
      number('--cr-port', 0, 65535, true),
      0,
    )
    .option('--state-dir <dir>', 'keep device state here, so a restarted fleet remembers its devices')
    .option('--max-sessions <n>', 'most sessions at once', number('--max-sessions', 1, 100_000, true), 64)
    .option('--ramp-up <ms>', 'spread the first boots over this many ms', number('--ramp-up', 0), 0)
    .option('--retry-scale <x>', 'multiply retry back-off waits (testing)', number('--retry-scale', 0), 1)
    .option(
      '--time-scale <x>',
      'multiply periodic intervals, delays and reboot time (testing)',
      number('--time-scale', 0),
      1,
    )
    .option(
      '--http-timeout <ms>',
      'deadline of each HTTP exchange with the ACS',
      number('--http-timeout', 1),
      30_000,
    )
    .option('--offline <share>', 'share of devices that are offline', share('--offline'), 0)
    .option('--slow <share>', 'share of devices that answer slowly', share('--slow'), 0)
    .option('--slow-ms <ms>', 'delay before each POST of a slow device', number('--slow-ms', 0), 2000)
    .option('--spv-fail <rate>', 'share of SetParameterValues calls that fail', share('--spv-fail'), 0)
    .option(
      '--spv-fault-code <code>',
      'fault code of failing SetParameterValues',
      number('--spv-fault-code', 9000, 9899, true),
      9002,
    )
    .option('--cr-drop <share>', 'share of devices that drop connection requests', share('--cr-drop'), 0)
    .option(
      '--partial-path-fail <share>',
      'share of devices that refuse partial paths in GetParameterValues',
      share('--partial-path-fail'),
      0,
    )
    .option(
      '--partial-path-fault-code <code>',
      'fault code they answer',
      number('--partial-path-fault-code', 9000, 9899, true),
      9005,
    )
    .addOption(
      new Option('--cr-drop-mode <mode>', 'how they drop them')
        .choices(['no-session', 'no-answer'])
        .default('no-session'),
    )
    .addOption(
      new Option(
        '--reboot-events <kind>',
        'what devices report after Reboot: 1 BOOT + M Reboot with its CommandKey, 1 BOOT alone, or M Reboot with an empty CommandKey',
      )
        .choices([...REBOOT_EVENTS])
        .default('standard'),
    )
    .addOption(
      new Option(
        '--factory-reset-events <kind>',
        'what devices report after FactoryReset: 0 BOOTSTRAP + 1 BOOT, or 1 BOOT alone',
      )
        .choices([...FACTORY_RESET_EVENTS])
        .default('standard'),
    )
    .option(
      '--stay-down',
      'devices that go down for a reboot (Reboot, FactoryReset, firmware) never come back',
    )
    .option(
      '--seed <n>',
      'seed of the fault and jitter random numbers',
      number('--seed', 0, 2 ** 32, true),
      1,
    )
    .option(
      '--status-every <seconds>',
      'status line period when not on a terminal',
      number('--status-every', 0.1),
      10,
    )
    .addOption(
      new Option('--upload-method <method>', 'how devices send Upload files (some routers POST them)')
        .choices(['put', 'post'])
        .default('put'),
    )
    .option(
      '--unreadable <names>',
      'comma-separated parameter names devices list but refuse to read (9005 to GetParameterValues)',
    )
    .option('--empty-content-type', 'quirk: every POST carries an empty Content-Type header')
    .addOption(
      new Option(
        '--undeclared-prefixes <where>',
        'quirk: soap:/cwmp:/xsd: prefixes used but never declared, in faults or in every message',
      )
        .choices(['none', 'faults', 'all'])
        .default('none'),
    )
    .option(
      '--md5-first-challenge-only',
      'quirk: Digest toward the ACS reads only the first challenge, and speaks MD5 only',
    )
    .option(
      '--cr-digest-challenges <algorithms>',
      'quirk: the Digest algorithms the connection-request server offers, in order (e.g. SHA-512-256,MD5)',
      'MD5',
    )
    .option('--duration <seconds>', 'stop after this long (0 = until Ctrl-C)', number('--duration', 0), 0)
    .showHelpAfterError();
}

/** A comma-separated list, each item trimmed, empty ones left out. */
const list = (s: string) =>
  s
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** Parses argv (without node and script) into the fleet's options. Throws a CommanderError on bad input. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv = {}): CliConfig {
  const cmd = buildCommand()
    .exitOverride()
    .configureOutput({ writeErr: () => {}, writeOut: () => {} });
  cmd.parse(argv, { from: 'user' });
  const o = cmd.opts<Record<string, string | number | boolean | undefined>>();
  const str = (k: string) => (o[k] === undefined ? undefined : String(o[k]));
  const num = (k: string) => Number(o[k]);
  const username = str('username');
  const fleet: FleetOptions = {
    acsUrl: String(o.acs),
    count: num('count'),
    model: String(o.model),
    serialTemplate: String(o.serial),
    firstIndex: num('firstIndex'),
    periodicInterval: num('interval'),
    crHost: String(o.crHost),
    crPort: num('crPort'),
    maxConcurrentSessions: num('maxSessions'),
    rampUpMs: num('rampUp'),
    retryScale: num('retryScale'),
    timeScale: num('timeScale'),
    httpTimeoutMs: num('httpTimeout'),
    seed: num('seed'),
    reboots: {
      rebootEvents: str('rebootEvents') as RebootBehaviour['rebootEvents'],
      factoryResetEvents: str('factoryResetEvents') as RebootBehaviour['factoryResetEvents'],
      comesBack: o.stayDown !== true,
    },
    uploadMethod: str('uploadMethod') === 'post' ? 'POST' : 'PUT',
    faults: {
      offlineShare: num('offline'),
      slowShare: num('slow'),
      slowMs: num('slowMs'),
      spvFailureRate: num('spvFail'),
      spvFaultCode: num('spvFaultCode'),
      crDropShare: num('crDrop'),
      crDropMode: str('crDropMode') === 'no-answer' ? 'no-answer' : 'no-session',
      partialPathShare: num('partialPathFail'),
      partialPathFaultCode: num('partialPathFaultCode'),
      ...(str('unreadable') ? { unreadableNames: list(str('unreadable')!) } : {}),
    },
    quirks: {
      emptyContentType: o.emptyContentType === true,
      undeclaredPrefixes: str('undeclaredPrefixes') as RouterQuirks['undeclaredPrefixes'],
      md5FirstChallengeOnly: o.md5FirstChallengeOnly === true,
      crDigestChallenges: list(str('crDigestChallenges') ?? 'MD5'),
    },
  };
  const modelsDir = str('modelsDir') ?? env.PROVISOR_SIM_MODELS;
  if (modelsDir !== undefined) fleet.modelsDir = modelsDir;
  if (username !== undefined) fleet.auth = { username, password: str('password') ?? '' };
  const stateDir = str('stateDir');
  if (stateDir !== undefined) fleet.stateDir = stateDir;
  return { fleet, statusEvery: num('statusEvery'), duration: num('duration') };
}
