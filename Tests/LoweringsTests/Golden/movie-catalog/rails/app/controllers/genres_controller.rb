class GenresController < ApplicationController
  before_action :set_genre, only: %i[show edit update destroy]

  def index
    @genres = Genre.order(:id)
  end

  def show
  end

  def new
    @genre = Genre.new
  end

  def edit
  end

  def create
    @genre = Genre.new(genre_params)

    if @genre.save
      redirect_to @genre, notice: "Genre was created."
    else
      render :new, status: :unprocessable_content
    end
  end

  def update
    if @genre.update(genre_params)
      redirect_to @genre, notice: "Genre was updated.", status: :see_other
    else
      render :edit, status: :unprocessable_content
    end
  end

  def destroy
    @genre.destroy!
    redirect_to genres_path, notice: "Genre was deleted.", status: :see_other
  end

  private

  def set_genre
    @genre = Genre.find(params.expect(:id))
  end

  def genre_params
    params.expect(genre: [:name])
  end
end
