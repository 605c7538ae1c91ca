"""Reading hand histories played elsewhere into "My hands": uploads, every site's reader
(``formats``), the checks an upload passes, the imported hands' pages."""
