from django.urls import path

from games.history import views
from games.history.imports import views as import_views
from games.history.review import views as review_views

app_name = "history"
urlpatterns = [
    path("", views.my_hands, name="my_hands"),
    path("import/", views.import_hand, name="import"),
    path("uploads/", import_views.upload, name="upload"),
    path("uploads/<int:batch_id>/", import_views.upload_summary, name="upload_summary"),
    path("uploads/<int:batch_id>/step/", import_views.upload_step, name="upload_step"),
    path("imported/<int:hand_id>/", import_views.imported_hand, name="imported_hand"),
    path("imported/<int:hand_id>/hand.phh", import_views.imported_phh, name="imported_phh"),
    path(
        "imported/<int:hand_id>/pokerstars.txt",
        import_views.imported_pokerstars,
        name="imported_pokerstars",
    ),
    path("review/", review_views.review, name="review"),
    path("shared/<str:token>/", views.shared, name="shared"),
    path("<int:hand_id>/", views.hand, name="hand"),
    path("<int:hand_id>/hand.phh", views.hand_phh, name="hand_phh"),
    path("<int:hand_id>/pokerstars.txt", views.hand_pokerstars, name="hand_pokerstars"),
    path("tables/<int:table_id>/hands.phhs", views.table_phh, name="table_phh"),
    path("tables/<int:table_id>/pokerstars.txt", views.table_pokerstars, name="table_pokerstars"),
    path("tables/<int:table_id>/ledger/", views.table_ledger, name="ledger"),
    path("tables/<int:table_id>/ledger.csv", views.table_ledger_csv, name="ledger_csv"),
    path(
        "tables/<int:table_id>/ledger-entries.csv",
        views.table_ledger_entries_csv,
        name="ledger_entries_csv",
    ),
]
