from django.shortcuts import render


def learn(request):
    """The learning tools' landing page."""
    return render(request, "evaluator/learn.html")
