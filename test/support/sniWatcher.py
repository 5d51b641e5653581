"""A StatusNotifierWatcher on the session bus, standing in for a desktop
panel so that a test can see a tray icon on Linux: Chromium (and so
Electron) shows its tray as a StatusNotifierItem only when a watcher is
there. Prints one JSON line per event: {"ready": true} once it owns
org.kde.StatusNotifierWatcher, then, for each item that registers, its
service, the sender and the item's properties (or why they could not be
read). Run with the system python3 and PyGObject (python3-gi)."""

import json
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

WATCHER = """
<node>
  <interface name="org.kde.StatusNotifierWatcher">
    <method name="RegisterStatusNotifierItem"><arg name="service" type="s" direction="in"/></method>
    <method name="RegisterStatusNotifierHost"><arg name="service" type="s" direction="in"/></method>
    <property name="RegisteredStatusNotifierItems" type="as" access="read"/>
    <property name="IsStatusNotifierHostRegistered" type="b" access="read"/>
    <property name="ProtocolVersion" type="i" access="read"/>
    <signal name="StatusNotifierItemRegistered"><arg type="s"/></signal>
    <signal name="StatusNotifierHostRegistered"/>
  </interface>
</node>
"""

items = []


def say(event):
    print(json.dumps(event), flush=True)


def item_properties(connection, service, sender):
    # An item names itself by bus name (its path is then /StatusNotifierItem) or by object path.
    bus, path = (sender, service) if service.startswith("/") else (service, "/StatusNotifierItem")
    try:
        reply = connection.call_sync(
            bus, path, "org.freedesktop.DBus.Properties", "GetAll",
            GLib.Variant("(s)", ("org.kde.StatusNotifierItem",)),
            GLib.VariantType("(a{sv})"), Gio.DBusCallFlags.NONE, 5000, None,
        )
        values = reply.unpack()[0]
        return {key: values.get(key) for key in ("Id", "Title", "Status", "Category") if key in values}
    except GLib.Error as error:
        return {"error": error.message}


def on_call(connection, sender, _path, _interface, method, parameters, invocation):
    if method == "RegisterStatusNotifierItem":
        service = parameters.unpack()[0]
        invocation.return_value(None)
        items.append(service)
        connection.emit_signal(None, "/StatusNotifierWatcher", "org.kde.StatusNotifierWatcher",
                               "StatusNotifierItemRegistered", GLib.Variant("(s)", (service,)))
        say({"registered": service, "sender": sender,
             "properties": item_properties(connection, service, sender)})
    else:
        invocation.return_value(None)


def on_get(_connection, _sender, _path, _interface, name):
    if name == "RegisteredStatusNotifierItems":
        return GLib.Variant("as", items)
    if name == "IsStatusNotifierHostRegistered":
        return GLib.Variant("b", True)
    return GLib.Variant("i", 0)


def on_bus(connection, _name):
    info = Gio.DBusNodeInfo.new_for_xml(WATCHER).interfaces[0]
    connection.register_object("/StatusNotifierWatcher", info, on_call, on_get, None)


def main():
    loop = GLib.MainLoop()
    Gio.bus_own_name(
        Gio.BusType.SESSION, "org.kde.StatusNotifierWatcher", Gio.BusNameOwnerFlags.NONE,
        on_bus, lambda *_: say({"ready": True}),
        lambda *_: (say({"error": "org.kde.StatusNotifierWatcher is taken"}), loop.quit()),
    )
    loop.run()


if __name__ == "__main__":
    sys.exit(main())
