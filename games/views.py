from django.shortcuts import render

from games.models import Table


def home(request):
    """The lobby: public tables that are not closed."""
    tables = Table.objects.filter(is_private=False).exclude(status=Table.Status.CLOSED)
    return render(request, "games/home.html", {"tables": tables})
