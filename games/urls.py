from django.contrib.auth import views as auth_views
from django.urls import path

from games import accounts, views

urlpatterns = [
    path("", views.home, name="home"),
    path("guest/", accounts.play_as_guest, name="guest"),
    path("signup/", accounts.signup, name="signup"),
    path("claim/", accounts.claim_account, name="claim"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
]
