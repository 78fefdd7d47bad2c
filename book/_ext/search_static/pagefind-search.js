// The search page (pagefind_search.py): Pagefind's UI on the query the theme's search box sent (?q=).
// Korean particles: Pagefind matches word prefixes but indexes "천막은" whole, so one trailing particle
// (or the "if" ending -면 of a question: 나오면, 사용하면) is dropped from a query word of three or more
// syllables ("유적에서" -> "유적" finds 유적을, 유적이...). Dropping too much only widens the prefix, so
// a longer ending comes first ("에서" before "서").
const KR_ENDINGS = [
  "에서는", "에게서", "으로는", "으로도", "에서도", "이라도", "까지는", "부터는",
  "에서", "에게", "한테", "으로", "까지", "부터", "처럼", "보다", "마다", "하고", "이나", "이랑", "에는",
  "에도", "과는", "와는", "만큼", "조차", "밖에", "이다", "이고", "하면", "으면",
  "은", "는", "이", "가", "을", "를", "에", "의", "도", "로", "와", "과", "만", "랑", "나", "면",
];
const HANGUL = /^[\uac00-\ud7a3]+$/;

function dropParticle(word) {
  if (!HANGUL.test(word) || word.length < 3) return word;
  const particle = KR_ENDINGS.find((p) => word.endsWith(p) && word.length - p.length >= 1);
  return particle ? word.slice(0, -particle.length) : word;
}

function krSearchTerm(term) {
  return term.replace(/·/g, " ").split(/\s+/).filter(Boolean).map(dropParticle).join(" ");
}

// A result opens its page at the section that matched most (Pagefind's sub-results are the page's
// sections with matches, each with its anchor), not at the page top: a long page is many screens.
function toBestSection(result) {
  const sections = (result.sub_results || []).filter((section) => section.url.includes("#"));
  const best = sections.reduce((a, b) => (b.locations.length > a.locations.length ? b : a), sections[0]);
  if (best) {
    result.url = best.url;
    if (result.meta) result.meta.url = best.url;
  }
  return result;
}

window.addEventListener("DOMContentLoaded", () => {
  const ui = new PagefindUI({
    element: "#kr-search",
    // Result links relative to this page's folder, so the site works under any path (not only "/").
    baseUrl: new URL(".", location.href).pathname,
    processTerm: krSearchTerm,
    processResult: toBestSection,
    showImages: false,
    showSubResults: true,
    pageSize: 20,
    resetStyles: false,
  });
  const query = new URLSearchParams(location.search).get("q");
  if (query) ui.triggerSearch(query);
});
