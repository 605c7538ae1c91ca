"""Sign up, log in, play as a guest, and claim a guest account with a password."""

from django import forms
from django.contrib.auth import get_user_model, login, password_validation
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.db import IntegrityError, transaction
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from games.chips import ensure_player
from games.models import Player

User = get_user_model()


class GuestForm(forms.Form):
    nickname = forms.RegexField(
        regex=r"^[\w.-]{2,20}$",
        max_length=20,
        error_messages={
            "invalid": "A nickname is 2 to 20 letters, digits, dots, dashes or underscores."
        },
    )

    def clean_nickname(self) -> str:
        nickname = self.cleaned_data["nickname"]
        if User.objects.filter(username__iexact=nickname).exists():
            raise forms.ValidationError(f"The nickname {nickname!r} is taken; pick another.")
        return nickname


class ClaimForm(forms.Form):
    password1 = forms.CharField(label="Password", widget=forms.PasswordInput)
    password2 = forms.CharField(label="Password again", widget=forms.PasswordInput)

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean(self):
        data = super().clean()
        if data.get("password1") != data.get("password2"):
            raise forms.ValidationError("The two passwords differ.")
        if data.get("password1"):
            password_validation.validate_password(data["password1"], self.user)
        return data


def next_url(request) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    # Only local paths: never send a player off-site after logging in.
    return target if target.startswith("/") and not target.startswith("//") else "/"


@require_http_methods(["GET", "POST"])
def play_as_guest(request):
    form = GuestForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = User.objects.create_user(username=form.cleaned_data["nickname"])
                user.set_unusable_password()
                user.save()
                ensure_player(user, is_guest=True)
        except IntegrityError:
            form.add_error("nickname", "That nickname was just taken; pick another.")
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(next_url(request))
    return render(request, "registration/guest.html", {"form": form, "next": next_url(request)})


@require_http_methods(["GET", "POST"])
def signup(request):
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        ensure_player(user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(next_url(request))
    return render(request, "registration/signup.html", {"form": form, "next": next_url(request)})


@login_required
@require_http_methods(["GET", "POST"])
def claim_account(request):
    """A guest keeps their nickname, chips and history by setting a password."""
    player = ensure_player(request.user)
    if not player.is_guest:
        return redirect("home")
    form = ClaimForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        request.user.set_password(form.cleaned_data["password1"])
        request.user.save()
        Player.objects.filter(pk=player.pk).update(is_guest=False)
        login(request, request.user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "registration/claim.html", {"form": form})
