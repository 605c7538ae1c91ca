"""The settings of the browser tests' site: the site's own, with what the tests need set
where no environment variable reaches it (tests/browser/conftest.py, ``site``)."""

from pokersite.settings import *  # noqa: F403

# Uploads are read two hands a step, so that eight hands move the progress bar four times
# (tests/browser/test_imports_in_browser.py); the site's own step is 25.
HISTORY_IMPORT_STEP = 2
