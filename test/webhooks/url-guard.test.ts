import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkWebhookUrl, isForbiddenAddress, UrlRejectedError, type HostLookup } from '../../src/webhooks/url-guard.ts';

// [address, a word the reason must contain]
const FORBIDDEN: Array<[string, string]> = [
  // IPv4
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'metadata'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['192.0.0.8', 'IETF protocol'],
  ['192.0.2.1', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['192.88.99.1', '6to4 relay'],
  // inet_aton spellings of 127.0.0.1 given directly
  ['2130706433', 'loopback'],
  ['0x7f000001', 'loopback'],
  ['0x7f.0.0.1', 'loopback'],
  ['0177.0.0.1', 'loopback'],
  ['127.1', 'loopback'],
  ['012.0.0.1', 'private'], // octal 10.0.0.1
  // IPv6
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['[fe80::abcd%25en0]', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fd00:ec2::254', 'metadata'],
  ['fc00::1', 'unique local'],
  ['fd12:3456:789a::1', 'unique local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['ff0e::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['2001:0DB8:0000:0000:0000:0000:0000:0001', 'documentation'],
  ['3fff::1', 'documentation'],
  ['100::1', 'discard'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:2::1', 'IETF protocol'],
  ['5f00::1', 'SRv6'],
  ['4000::1', 'reserved'],
  ['1::1', 'reserved'],
  // IPv4 hidden in IPv6
  ['::ffff:127.0.0.1', 'IPv4-mapped'],
  ['::ffff:7f00:1', 'IPv4-mapped'],
  ['0:0:0:0:0:ffff:7f00:0001', 'IPv4-mapped'],
  ['::FFFF:10.0.0.1', 'IPv4-mapped'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['[::ffff:192.168.0.1]', 'private'],
  ['::127.0.0.1', 'IPv4-compatible'],
  ['::7f00:1', 'IPv4-compatible'],
  ['::8.8.8.8', 'IPv4-compatible'],
  ['::ffff:0:127.0.0.1', 'IPv4-translated'],
  ['64:ff9b::127.0.0.1', 'NAT64'],
  ['64:ff9b::a00:1', 'NAT64'],
  ['64:ff9b:1::8.8.8.8', 'local-use NAT64'],
  ['2002:7f00:1::1', '6to4'],
  ['2002:a9fe:a9fe::', 'metadata'],
  ['2002:808:808::1', '6to4'], // 6to4 is refused even around a public address
  // not addresses at all
  ['', 'not an IP'],
  ['example.com', 'not an IP'],
  ['256.0.0.1', 'not an IP'],
  ['1.2.3.4.5', 'not an IP'],
  ['::ffff:1.2.3', 'not an IP'],
  ['1:2:3:4:5:6:7:8:9', 'not an IP'],
  ['8.8.8.8%eth0', 'not an IP'],
];

const PUBLIC = [
  '93.184.215.14',
  '8.8.8.8',
  '1.1.1.1',
  '100.63.255.255', // just below CGNAT
  '100.128.0.0', // just above
  '172.15.255.255',
  '172.32.0.0',
  '169.253.255.255',
  '192.0.1.1',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '2606:4700::1111',
  '[2606:4700::1111]',
  '2606:4700:0000:0000:0000:0000:0000:1111',
  '2a00:1450:4001:82b::200e',
  '2001:4860:4860::8888',
  '::ffff:8.8.8.8', // IPv4-mapped public: connecting reaches 8.8.8.8
  '::ffff:808:808',
  '64:ff9b::8.8.8.8', // NAT64 well-known prefix around a public address
];

describe('isForbiddenAddress', () => {
  for (const [ip, word] of FORBIDDEN) {
    it(`refuses ${JSON.stringify(ip)} (${word})`, () => {
      const reason = isForbiddenAddress(ip);
      assert.ok(reason, `expected ${ip} to be refused`);
      assert.match(reason, new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
    });
  }
  for (const ip of PUBLIC) {
    it(`allows public ${ip}`, () => {
      assert.equal(isForbiddenAddress(ip), null);
    });
  }
  it('names the metadata addresses explicitly', () => {
    assert.match(isForbiddenAddress('169.254.169.254')!, /169\.254\.169\.254/);
    assert.match(isForbiddenAddress('fd00:ec2::254')!, /fd00:ec2::254/);
  });
  it('refuses a zone id on an otherwise public address', () => {
    assert.match(isForbiddenAddress('2606:4700::1111%eth0')!, /zone/);
  });
});

/** A lookup over a fixed table; records every name asked. */
function fakeDns(table: Record<string, string[]>): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const fn = async (host: string): Promise<string[]> => {
    asked.push(host);
    const hit = table[host];
    if (!hit) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return hit;
  };
  return Object.assign(fn, { asked });
}

const DNS = fakeDns({
  'hooks.example.com': ['93.184.215.14', '2606:4700::1111'],
  'dns.google': ['8.8.8.8', '2001:4860:4860::8888'],
  'mixed.example.com': ['93.184.215.14', '10.0.0.5'],
  'mixed6.example.com': ['2606:4700::1111', 'fd00::1'],
  'rebind.example.com': ['8.8.8.8', '127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'private.example.com': ['192.168.0.10'],
  'empty.example.com': [],
  'garbage.example.com': ['not-an-address'],
  localhost: ['127.0.0.1', '::1'],
});

async function rejected(raw: string, allowPrivate = false, lookup: HostLookup = DNS): Promise<string> {
  try {
    await checkWebhookUrl(raw, { allowPrivate, lookup });
  } catch (err) {
    assert.ok(err instanceof UrlRejectedError, `expected UrlRejectedError, got ${String(err)}`);
    assert.equal(err.reason, err.message);
    assert.match(err.reason, /^[A-Z].*\.$/, 'reason is a sentence');
    return err.reason;
  }
  assert.fail(`expected ${raw} to be rejected`);
}

describe('checkWebhookUrl without allowPrivate', () => {
  const cases: Array<[string, RegExp]> = [
    ['not a url', /not valid/],
    ['', /not valid/],
    ['https://', /not valid/],
    ['http://hooks.example.com/x', /Only https/],
    ['ftp://hooks.example.com/x', /Only https/],
    ['file:///etc/passwd', /Only https/],
    ['javascript:alert(1)', /Only https/],
    ['https://user:pass@hooks.example.com/x', /user name or password/],
    ['https://user@hooks.example.com/x', /user name or password/],
    ['https://:pass@hooks.example.com/x', /user name or password/],
    // IPv4 literals in every spelling WHATWG accepts: all normalise to 127.0.0.1
    ['https://127.0.0.1/x', /127\.0\.0\.1.*loopback/],
    ['https://2130706433/x', /127\.0\.0\.1.*loopback/],
    ['https://0x7f000001/x', /127\.0\.0\.1.*loopback/],
    ['https://0x7f.0.0.1/x', /127\.0\.0\.1.*loopback/],
    ['https://0177.0.0.1/x', /127\.0\.0\.1.*loopback/],
    ['https://017700000001/x', /127\.0\.0\.1.*loopback/],
    ['https://127.1/x', /127\.0\.0\.1.*loopback/],
    ['https://0x7f.1/x', /127\.0\.0\.1.*loopback/],
    ['https://127.0.0.1./x', /loopback/],
    ['https://0/x', /0\.0\.0\.0.*unspecified/],
    ['https://10.1.2.3:8443/x', /private/],
    ['https://169.254.169.254/latest/meta-data/', /metadata/],
    ['https://0xa9fea9fe/', /metadata/],
    ['https://100.64.1.1/', /carrier-grade NAT/],
    ['https://192.0.2.10/', /documentation/],
    ['https://255.255.255.255/', /broadcast/],
    // IPv6 literals
    ['https://[::1]/x', /loopback/],
    ['https://[0:0:0:0:0:0:0:1]/x', /loopback/],
    ['https://[::]/x', /unspecified/],
    ['https://[fe80::1]/x', /link-local/],
    ['https://[fd00:ec2::254]/', /metadata/],
    ['https://[fc00::1]/', /unique local/],
    ['https://[::ffff:127.0.0.1]/x', /IPv4-mapped.*127\.0\.0\.1/],
    ['https://[::ffff:7f00:1]/x', /IPv4-mapped.*127\.0\.0\.1/],
    ['https://[::ffff:169.254.169.254]/x', /metadata/],
    ['https://[::127.0.0.1]/x', /IPv4-compatible/],
    ['https://[::7f00:1]/x', /IPv4-compatible/],
    ['https://[64:ff9b::10.0.0.1]/x', /NAT64.*10\.0\.0\.1/],
    ['https://[64:ff9b:1::1]/x', /NAT64/],
    ['https://[2002:c0a8:0001::1]/x', /6to4.*192\.168\.0\.1/],
    ['https://[2001:0:53aa:64c::1]/x', /Teredo/],
    ['https://[2001:db8::1]/x', /documentation/],
    ['https://[fe80::1%25eth0]/x', /not valid/], // WHATWG refuses zone ids in URLs
    // host names: every answer counts, and the address a name resolves to is never named (an
    // answer must not map the network behind the service)
    ['https://localhost/x', /loopback/],
    ['https://LOCALHOST./x', /loopback/],
    ['https://api.localhost/x', /loopback/],
    ['https://mixed.example.com/x', /^(?!.*10\.0\.0\.5).*not allowed: .*private/],
    ['https://mixed6.example.com/x', /^(?!.*fd00).*not allowed: .*unique local/],
    ['https://rebind.example.com/x', /^(?!.*127\.0\.0\.1).*not allowed: .*loopback/],
    ['https://metadata.example.com/x', /metadata/],
    ['https://mapped.example.com/x', /IPv4-mapped/],
    ['https://private.example.com/x', /private/],
    ['https://nowhere.example.com/x', /does not resolve/],
    ['https://empty.example.com/x', /does not resolve/],
    ['https://garbage.example.com/x', /isn't an IP address/],
  ];
  for (const [raw, expected] of cases) {
    it(`rejects ${JSON.stringify(raw)}`, async () => {
      assert.match(await rejected(raw), expected);
    });
  }

  it('accepts https to a host resolving to public addresses only, returning all of them', async () => {
    const { url, addresses } = await checkWebhookUrl('https://hooks.example.com/rz?x=1', { allowPrivate: false, lookup: DNS });
    assert.equal(url.href, 'https://hooks.example.com/rz?x=1');
    assert.deepEqual(addresses, ['93.184.215.14', '2606:4700::1111']);
  });

  it('accepts another public host (8.8.8.8 via the injected lookup) with a port', async () => {
    const { url, addresses } = await checkWebhookUrl('https://dns.google:8443/hook', { allowPrivate: false, lookup: DNS });
    assert.equal(url.port, '8443');
    assert.deepEqual(addresses, ['8.8.8.8', '2001:4860:4860::8888']);
  });

  it('refuses port 0 and accepts a public IPv4 address embedded in NAT64', async () => {
    await assert.rejects(checkWebhookUrl('https://93.184.215.14:0/x', { allowPrivate: false, lookup: fakeDns({}) }), /port 0/);
    assert.deepEqual((await checkWebhookUrl('https://[64:ff9b::101:101]/x', { allowPrivate: false, lookup: fakeDns({}) })).addresses, ['64:ff9b::101:101']);
    await assert.rejects(checkWebhookUrl('https://[64:ff9b::a00:1]/x', { allowPrivate: false, lookup: fakeDns({}) }), UrlRejectedError);
  });

  it('accepts public IP literals without looking anything up', async () => {
    const lookup = fakeDns({});
    assert.deepEqual((await checkWebhookUrl('https://93.184.215.14/x', { allowPrivate: false, lookup })).addresses, [
      '93.184.215.14',
    ]);
    assert.deepEqual((await checkWebhookUrl('https://[2606:4700::1111]/x', { allowPrivate: false, lookup })).addresses, [
      '2606:4700::1111',
    ]);
    assert.deepEqual((await checkWebhookUrl('https://[::ffff:8.8.8.8]/x', { allowPrivate: false, lookup })).addresses, [
      '::ffff:808:808',
    ]);
    assert.deepEqual(lookup.asked, []);
  });

  it('does not ask DNS for localhost names when private targets are not allowed', async () => {
    const lookup = fakeDns({ localhost: ['93.184.215.14'] });
    assert.match(await rejected('https://localhost/x', false, lookup), /loopback/);
    assert.deepEqual(lookup.asked, []);
  });

  it('uses the real resolver by default (localhost resolves here, and is refused)', async () => {
    await assert.rejects(checkWebhookUrl('https://localhost./x', { allowPrivate: false }), UrlRejectedError);
  });
});

describe('checkWebhookUrl with allowPrivate', () => {
  const ok: Array<[string, string[]]> = [
    ['http://localhost:3000/hook', ['127.0.0.1', '::1']],
    ['https://localhost/hook', ['127.0.0.1', '::1']],
    ['http://127.0.0.1:8080/x', ['127.0.0.1']],
    ['http://2130706433/x', ['127.0.0.1']],
    ['http://[::1]:9000/x', ['::1']],
    ['http://private.example.com/x', ['192.168.0.10']],
    ['http://mixed.example.com/x', ['93.184.215.14', '10.0.0.5']],
    ['https://metadata.example.com/x', ['169.254.169.254']],
    ['https://hooks.example.com/x', ['93.184.215.14', '2606:4700::1111']],
  ];
  for (const [raw, addresses] of ok) {
    it(`accepts ${raw}`, async () => {
      const res = await checkWebhookUrl(raw, { allowPrivate: true, lookup: DNS });
      assert.deepEqual(res.addresses, addresses);
    });
  }

  const still: Array<[string, RegExp]> = [
    ['ftp://localhost/x', /Only http and https/],
    ['ws://localhost/x', /Only http and https/],
    ['http://user:pw@localhost/x', /user name or password/],
    ['http://nowhere.example.com/x', /does not resolve/],
    ['http://garbage.example.com/x', /isn't an IP address/],
    ['nonsense', /not valid/],
  ];
  for (const [raw, expected] of still) {
    it(`still rejects ${raw}`, async () => {
      assert.match(await rejected(raw, true), expected);
    });
  }

  it('resolves localhost with the real resolver', async () => {
    const { addresses } = await checkWebhookUrl('http://localhost:1/x', { allowPrivate: true });
    assert.ok(addresses.length > 0);
    for (const a of addresses) assert.ok(isForbiddenAddress(a), `${a} is a loopback address`);
  });
});
