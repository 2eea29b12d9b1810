// The demo host page's own script. The iframe sizes itself through /widget/parlay-frame.js (the
// documented snippet, index.html); this page only listens to what its widgets tell it.

// 1. The iframe's events, passed on to the log below – see docs/widget.md, "Embedding with an iframe".
const frame = document.getElementById('embed-frame');
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow) return;
  const message = event.data;
  if (message?.type === 'parlay-builder:slip-change' || message?.type === 'parlay-builder:book-click') {
    logEvent('embed-frame', message.type, message.detail);
  }
});

// 2. What the host's analytics would receive from the widgets.
const log = document.getElementById('event-log');
function logEvent(source, type, detail) {
  const item = document.createElement('li');
  item.textContent = `${source} ${type} ${JSON.stringify(detail)}`;
  log.append(item);
}
for (const type of ['parlay-builder:slip-change', 'parlay-builder:book-click']) {
  document.addEventListener(type, (event) => logEvent(event.target.id, type, event.detail));
}

// 3. Demo only: preset the sidebar's parlay with today's games (a real article would write the `legs`
//    attribute into the page). Setting it after load also shows that attribute changes apply.
async function json(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}
async function presetPremierLeagueDouble() {
  const { data: fixtures } = await json('/api/v3/fixtures/active?league=england_-_premier_league');
  const upcoming = fixtures
    .filter((fixture) => fixture.status === 'unplayed' && Date.parse(fixture.start_date) > Date.now())
    .slice(0, 2);
  const legs = [];
  for (const fixture of upcoming) {
    const { data } = await json(
      `/api/v3/fixtures/odds?fixture_id=${fixture.id}&sportsbook=Bwin&market=${encodeURIComponent('Moneyline 3-Way')}`,
    );
    const odd = data[0]?.odds.find(
      (o) => o.market === 'Moneyline 3-Way' && o.is_main && o.name === fixture.home_team_display,
    );
    if (odd)
      legs.push(
        [fixture.id, odd.market, odd.name]
          .map((field) => field.replace(/%/g, '%25').replace(/~/g, '%7E').replace(/,/g, '%2C'))
          .join('~'),
      );
  }
  document.getElementById('epl-pick').setAttribute('legs', legs.join(','));
}
presetPremierLeagueDouble().catch((error) => console.warn('Demo: could not preset the sidebar parlay.', error));
