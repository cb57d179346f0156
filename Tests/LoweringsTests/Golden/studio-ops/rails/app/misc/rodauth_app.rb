class RodauthApp < Rodauth::Rails::App
  configure RodauthMain

  route do |r|
    # Sign a remembered browser or native client back in, and move its deadline.
    rodauth.load_memory

    r.rodauth
  end
end
