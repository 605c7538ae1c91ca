"""The site installs as an app: its manifest has what installing needs, its icons are real
PNGs of the sizes it says, the service worker controls the pages, and a page opened without
a network shows the offline page."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

READ_MANIFEST = """async () => {
  const link = document.querySelector('link[rel=manifest]');
  const response = await fetch(link.href);
  return {type: response.headers.get('content-type'), body: await response.json(),
          url: response.url};
}"""

ICON_SIZE = """async (src) => {
  const image = new Image();
  image.src = src;
  await image.decode();
  const response = await fetch(src);
  return {width: image.naturalWidth, height: image.naturalHeight,
          type: response.headers.get('content-type')};
}"""

CONTROLLED = "() => Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)"


def test_the_manifest_has_what_installing_needs(clean_page):
    clean_page.goto("/")
    manifest = clean_page.evaluate(READ_MANIFEST)
    assert manifest["type"].startswith("application/manifest+json")
    body = manifest["body"]
    assert body["name"] and body["short_name"]
    assert body["start_url"] == "/" and body["display"] == "standalone"
    assert body["theme_color"].startswith("#")
    sizes = {icon["sizes"] for icon in body["icons"] if "any" in icon["purpose"].split()}
    assert {"192x192", "512x512"} <= sizes
    for icon in body["icons"]:
        loaded = clean_page.evaluate(ICON_SIZE, icon["src"])
        width, height = (int(n) for n in icon["sizes"].split("x"))
        assert (loaded["width"], loaded["height"]) == (width, height), icon
        assert loaded["type"] == icon["type"] == "image/png"


def test_the_service_worker_controls_the_pages(clean_page):
    clean_page.goto("/")
    clean_page.wait_for_function(CONTROLLED)
    scope = clean_page.evaluate(
        "async () => (await navigator.serviceWorker.ready).scope")
    assert scope == clean_page.evaluate("location.origin") + "/"


def test_a_page_opened_offline_shows_the_offline_page(clean_page):
    clean_page.goto("/")
    clean_page.wait_for_function(CONTROLLED)
    clean_page.context.set_offline(True)
    try:
        clean_page.goto("/learn/")
        expect(clean_page.locator("[data-role=offline]")).to_have_text("You are offline")
        # Its style comes from the worker's cache too.
        colour = clean_page.evaluate(
            "getComputedStyle(document.querySelector('.site-header')).backgroundColor")
        assert colour == "rgb(11, 107, 58)"
    finally:
        clean_page.context.set_offline(False)


def test_chromium_finds_the_site_installable(clean_page):
    """Chromium's own installability check (what its install button and Lighthouse's
    installable-manifest audit ask): no error, on the lobby and on a learn page."""
    session = clean_page.context.new_cdp_session(clean_page)
    for path in ("/", "/learn/"):
        clean_page.goto(path)
        clean_page.wait_for_function(CONTROLLED)
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        # Playwright's contexts are incognito profiles, where Chromium never installs: that
        # error is the test browser's, any other would be the site's.
        errors = [e for e in errors if e["errorId"] != "in-incognito"]
        assert errors == [], (path, errors)
        manifest = session.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest")
        assert manifest["errors"] == [], manifest["errors"]
