"""The session review page (see session.py)."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse


@login_required
def review(request):
    return HttpResponse("")
