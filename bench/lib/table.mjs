// The bench's summary table (also the shape of the README's table).

/** Lighthouse's mobile run (the median of the bench's runs): the app page's targets. */
export const LIGHTHOUSE_TARGETS = { performance: 98, lcpMs: 1200, tbtMs: 100 };

function verdict(ok) {
  if (ok === null || ok === undefined) return '';
  return ok ? 'ok' : 'MISSED';
}

export function summaryRows(results) {
  const { bundle, lighthouse, grid, render, requests, transfer, server, scale } = results;
  const rows = [];
  const add = (section, figure, value, target = '', ok = null) =>
    rows.push({ section, figure, value: String(value), target, verdict: verdict(ok) });
  if (bundle) {
    add(
      'bundle',
      'appInitialJsGzipKb',
      `${bundle.appInitialJsGzipKb} KB`,
      `<= ${bundle.budgetsKb.appInitialJs} KB`,
      bundle.appInitialJsGzipKb <= bundle.budgetsKb.appInitialJs,
    );
    add(
      'bundle',
      'appCssGzipKb',
      `${bundle.appCssGzipKb} KB`,
      `<= ${bundle.budgetsKb.appCss} KB`,
      bundle.appCssGzipKb <= bundle.budgetsKb.appCss,
    );
    add(
      'bundle',
      'widgetJsGzipKb (first paint)',
      `${bundle.widgetJsGzipKb} KB`,
      `<= ${bundle.budgetsKb.widgetJs} KB`,
      bundle.widgetJsGzipKb <= bundle.budgetsKb.widgetJs,
    );
    if (bundle.widgetAllJsGzipKb !== undefined)
      add(
        'bundle',
        'widgetAllJsGzipKb (every lazy part)',
        `${bundle.widgetAllJsGzipKb} KB`,
        `<= ${bundle.budgetsKb.widgetAllJs} KB`,
        bundle.widgetAllJsGzipKb <= bundle.budgetsKb.widgetAllJs,
      );
  }
  if (lighthouse) {
    const targets = LIGHTHOUSE_TARGETS;
    add(
      'lighthouse',
      'performance',
      lighthouse.performance,
      `>= ${targets.performance}`,
      lighthouse.performance >= targets.performance,
    );
    add('lighthouse', 'accessibility', lighthouse.accessibility, '100', lighthouse.accessibility === 100);
    add('lighthouse', 'bestPractices', lighthouse.bestPractices);
    add('lighthouse', 'lcpMs', `${lighthouse.lcpMs} ms`, `<= ${targets.lcpMs} ms`, lighthouse.lcpMs <= targets.lcpMs);
    add('lighthouse', 'tbtMs', `${lighthouse.tbtMs} ms`, `<= ${targets.tbtMs} ms`, lighthouse.tbtMs <= targets.tbtMs);
    add('lighthouse', 'cls', lighthouse.cls);
  }
  if (grid) {
    add('grid', 'firstPriceMs', `${grid.firstPriceMs} ms`, 'fastest book + 50 ms');
    add(
      'grid',
      'first price - fastest book (per run)',
      `${grid.firstPriceOverFastestBookMs} ms`,
      '<= 50 ms',
      grid.firstPriceOverFastestBookMs <= 50,
    );
    add('grid', 'fullGridMs', `${grid.fullGridMs} ms`, `(slowest book + ${grid.fullGridOverSlowestBookMs} ms per run)`);
    add('grid', 'naiveFirstPriceMs', `${grid.naiveFirstPriceMs} ms`);
    add('grid', 'naiveFullGridMs', `${grid.naiveFullGridMs} ms`);
    add('grid', 'fastestBookLatencyMs / slowest', `${grid.fastestBookLatencyMs} / ${grid.slowestBookLatencyMs} ms`);
    add(
      'grid',
      'cold: firstPriceMs / fullGridMs',
      `${grid.cold.firstPriceMs} / ${grid.cold.fullGridMs} ms`,
      'from navigation (share link)',
    );
    add('grid', 'cold: naive first / full', `${grid.cold.naiveFirstPriceMs} / ${grid.cold.naiveFullGridMs} ms`);
    if (grid.http2) {
      add(
        'grid',
        'HTTP/2: first / full',
        `${grid.http2.firstPriceMs} / ${grid.http2.fullGridMs} ms`,
        `(fastest + ${grid.http2.firstPriceOverFastestBookMs}, slowest + ${grid.http2.fullGridOverSlowestBookMs} ms)`,
      );
      add('grid', 'HTTP/2 cold: first / full', `${grid.http2.cold.firstPriceMs} / ${grid.http2.cold.fullGridMs} ms`);
    }
  }
  if (render) {
    add('render', 'oneBookUpdateCommits', render.oneBookUpdateCommits, '1', render.oneBookUpdateCommits === 1);
    add('render', 'oneBookUpdateMs', `${render.oneBookUpdateMs} ms`);
    add(
      'render',
      'oneBookUpdate components (that book / other books)',
      `${render.oneBookUpdateComponents} (${render.oneBookUpdateComponentsInChangedColumn} / ${render.oneBookUpdateComponentsInOtherColumns})`,
      'other books: 0',
      render.oneBookUpdateComponentsInOtherColumns === 0,
    );
    add('render', 'legAddedCommits', render.legAddedCommits);
    add('render', 'legAddedMs', `${render.legAddedMs} ms`);
    add('render', 'legAdded components', render.legAddedComponents);
  }
  if (requests) {
    add(
      'requests',
      'pricing made (books + fair engine)',
      requests.pricingMade,
      `minimum ${requests.pricingMinimum}`,
      requests.pricingMade <= requests.pricingMinimum,
    );
    add('requests', 'odds made (each tap asks its leg)', requests.oddsMade, `minimum ${requests.oddsMinimum}`);
    add(
      'requests',
      'stake + format changes',
      requests.stakeAndFormatRequests,
      '0',
      requests.stakeAndFormatRequests === 0,
    );
  }
  if (transfer) {
    const { ours, oldStrategy, targets } = transfer;
    add(
      'transfer',
      'journey, compressed (page files + data)',
      `${ours.all.compressedKb} KB (${ours.pageFiles.compressedKb} + ${ours.data.compressedKb})`,
      `<= ${targets.journeyCompressedKb} KB`,
      ours.all.compressedKb <= targets.journeyCompressedKb,
    );
    add(
      'transfer',
      'journey, decoded',
      `${ours.all.decodedKb} KB`,
      `<= ${targets.journeyDecodedKb} KB`,
      ours.all.decodedKb <= targets.journeyDecodedKb,
    );
    add('transfer', 'journey, requests (data)', `${ours.all.requests} (${ours.data.requests})`);
    add(
      'transfer',
      'largest response, compressed',
      `${ours.all.largestResponse.compressedKb} KB (${ours.all.largestResponse.what})`,
      `<= ${targets.largestResponseCompressedKb} KB`,
      ours.all.largestResponse.compressedKb <= targets.largestResponseCompressedKb,
    );
    add(
      'transfer',
      'largest data response, compressed / decoded',
      `${ours.data.largestResponse.compressedKb} / ${ours.data.largestResponse.decodedKb} KB`,
    );
    add(
      'transfer',
      'league chosen -> games listed',
      `${ours.leagueToGamesMs} ms`,
      `<= ${targets.leagueToGamesMs} ms`,
      ours.leagueToGamesMs <= targets.leagueToGamesMs,
    );
    add(
      'transfer',
      'old strategy: compressed / decoded',
      `${oldStrategy.all.compressedKb} / ${oldStrategy.all.decodedKb} KB`,
    );
    add(
      'transfer',
      'old strategy: requests, largest',
      `${oldStrategy.all.requests}, ${oldStrategy.all.largestResponse.compressedKb} KB compressed (${oldStrategy.all.largestResponse.decodedKb} KB decoded)`,
    );
  }
  if (server) {
    add('server', 'rps', server.rps);
    add('server', 'p50Ms', `${server.p50Ms} ms`);
    add('server', 'p99Ms', `${server.p99Ms} ms`);
    add(
      'server',
      'overheadRatio (miss)',
      server.overheadRatio,
      `<= 1.5 (direct p50 ${server.direct.p50Ms} ms)`,
      server.overheadRatio <= 1.5,
    );
    if (server.cachedRps !== undefined)
      add(
        'server',
        'cachedRps (hits)',
        `${server.cachedRps} (${server.cachedVsDirectRps}x direct ${server.direct.rps})`,
        '>= 2x direct.rps',
        server.cachedVsDirectRps >= 2,
      );
    add(
      'server',
      'coalescedUpstreamCalls',
      server.coalescedUpstreamCalls,
      `1 for ${server.coalescing.requests} identical`,
      server.coalescedUpstreamCalls === 1,
    );
  }
  if (scale) {
    for (const run of scale.runs) {
      const many = run.cache && run.readers >= 500;
      add(
        'scale',
        `cache ${run.cache ? 'on' : 'off'}, ${run.readers} readers`,
        `${run.upstreamCallsPerMinute} upstream/min, ${run.servedPerSecond ?? '?'} req/s, p50 ${run.p50Ms} / p99 ${run.p99Ms} ms, ${run.errors} errors`,
        many ? '0 errors, p99 <= 1,000 ms, >= 400 req/s' : run.cache ? '0 errors' : '',
        many
          ? run.errors === 0 && run.p99Ms <= 1_000 && (run.servedPerSecond ?? 0) >= 400
          : run.cache
            ? run.errors === 0
            : null,
      );
    }
    add(
      'scale',
      'upstream growth 50 -> 500 readers (cache on)',
      `${scale.upstreamGrowth}x`,
      '<= 1.2x',
      scale.upstreamGrowth !== null && scale.upstreamGrowth <= 1.2,
    );
    if (scale.redisStopped)
      add(
        'scale',
        `Redis stopped mid-run, ${scale.redisStopped.readers} readers`,
        `${scale.redisStopped.errors} errors of ${scale.redisStopped.requests}, p99 ${scale.redisStopped.p99Ms} ms`,
        '0 errors, p99 <= 2,000 ms',
        scale.redisStopped.errors === 0 && scale.redisStopped.p99Ms <= 2_000,
      );
    if (scale.redisStalled)
      add(
        'scale',
        `Redis paused (SIGSTOP) ${scale.redisStalled.pausedS} s mid-run, ${scale.redisStalled.readers} readers`,
        `${scale.redisStalled.errors} errors of ${scale.redisStalled.requests}, p99 ${scale.redisStalled.p99Ms} ms`,
        '0 errors, p99 <= 1,500 ms',
        scale.redisStalled.errors === 0 && scale.redisStalled.p99Ms <= 1_500,
      );
  }
  return rows;
}

export function printTable(results) {
  const rows = summaryRows(results);
  const m = results.machine;
  console.log(
    `\nMachine: ${m.cpus} x ${m.cpuModel}, ${m.memoryGb} GB, ${m.os}, Node ${m.node}, Chromium ${m.chromium}; load average ${m.loadAverageAtStart} at start, ${m.loadAverageAtEnd} at end`,
  );
  const headers = { section: 'Area', figure: 'Figure', value: 'Value', target: 'Target', verdict: '' };
  const widths = Object.fromEntries(
    Object.keys(headers).map((key) => [key, Math.max(headers[key].length, ...rows.map((row) => row[key].length))]),
  );
  const line = (row) =>
    Object.keys(headers)
      .map((key) => row[key].padEnd(widths[key]))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(
    Object.keys(headers)
      .map((key) => '-'.repeat(widths[key]))
      .join('  '),
  );
  for (const row of rows) console.log(line(row));
}
